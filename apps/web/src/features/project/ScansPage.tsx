// The screen lives with its feature (issue 7); this path stays for the router's existing entry.
export { default } from '../scans/ScansPage';
