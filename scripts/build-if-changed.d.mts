/** Builds what `npm start` runs when its inputs changed: the console, the server, or both. */
export function buildIfChanged(
  log?: (line: string) => void,
  opts?: { only?: ('console' | 'server')[] },
): Promise<void>;
