import { Button, type ButtonProps } from 'primereact/button';

/** A button that stays visible but disabled when the caller may not use it, saying why on hover. */
export function GatedButton({
  allowed,
  reason,
  ...props
}: ButtonProps & { allowed: boolean; reason: string }) {
  return (
    <Button
      {...props}
      disabled={!allowed || props.disabled}
      tooltip={allowed ? undefined : reason}
      tooltipOptions={{ showOnDisabled: true }}
    />
  );
}
