/** An operator command's failure: its message is for the operator, its exit code for scripts. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export type CommandResult = { lines: string[] };
