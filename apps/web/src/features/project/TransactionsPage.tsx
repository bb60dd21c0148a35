// The screen lives with its feature; this path stays for the router's existing entry.
export { default } from '../transactions/TransactionsPage';
