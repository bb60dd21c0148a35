// Every message id of the console, checked by TypeScript where `t()` is called. One
// line per area (src/messages/<area>/en.json, English is the source).
import type account from './account/en.json';
import type auth from './auth/en.json';
import type books from './books/en.json';
import type businesses from './businesses/en.json';
import type common from './common/en.json';
import type dashboard from './dashboard/en.json';
import type developers from './developers/en.json';
import type events from './events/en.json';
import type items from './items/en.json';
import type nav from './nav/en.json';
import type project from './project/en.json';
import type projectDashboard from './project-dashboard/en.json';
import type projects from './projects/en.json';
import type scans from './scans/en.json';
import type search from './search/en.json';
import type staff from './staff/en.json';
import type team from './team/en.json';
import type terminal from './terminal/en.json';
import type terminals from './terminals/en.json';
import type transactions from './transactions/en.json';
import type webhooks from './webhooks/en.json';

export type MessageId =
  | keyof typeof account
  | keyof typeof auth
  | keyof typeof books
  | keyof typeof businesses
  | keyof typeof common
  | keyof typeof dashboard
  | keyof typeof developers
  | keyof typeof events
  | keyof typeof items
  | keyof typeof nav
  | keyof typeof project
  | keyof typeof projectDashboard
  | keyof typeof projects
  | keyof typeof scans
  | keyof typeof search
  | keyof typeof staff
  | keyof typeof team
  | keyof typeof terminal
  | keyof typeof terminals
  | keyof typeof transactions
  | keyof typeof webhooks;
