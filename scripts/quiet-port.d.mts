/** A free port below the kernel's ephemeral range, tried until one binds. */
export function quietPort(): Promise<number>;
