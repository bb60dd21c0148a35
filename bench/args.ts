/** `--name N` or `--name=N` from the command line: a whole number ≥ `min`, else `fallback`. */
export function intArg(name: string, fallback: number, min: number): number {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  const raw = process.argv[i]!.includes('=') ? process.argv[i]!.split('=')[1] : process.argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} is a whole number ≥ ${min}`);
  return n;
}
