import { AppError } from '../../platform/errors';

/** The refusal for a disabled terminal (pairing it, or a transaction on it). */
export const terminalDisabled = () =>
  new AppError('terminal_disabled', 'This terminal is disabled; enable it first.');
