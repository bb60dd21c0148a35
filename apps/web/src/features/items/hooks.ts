import type { Item, Page } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { pageQuery } from '../../api/main-requests';

/** The catalogue's list; every page's key extends it, so a write refreshes them all. */
export const itemsKey = (projectId: string) => ['project', projectId, 'items'] as const;
export const itemsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/items`;

export const useItems = (projectId: string, apiQuery: Record<string, string>) =>
  useQuery(pageQuery<Item>(itemsKey(projectId), itemsPath(projectId), apiQuery));

export type ItemsPage = Page<Item>;
