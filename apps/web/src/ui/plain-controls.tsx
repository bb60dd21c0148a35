import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';

// The ripple is PrimeReact code (with its utilities and provider): it loads once the button has
// painted, like the auth SDK, so the sign-in screen's first paint waits for none of it.
const LazyRipple = lazy(async () => {
  const [{ Ripple }, { PrimeProvider }] = await Promise.all([
    import('primereact/ripple'),
    import('./prime-provider'),
  ]);
  return {
    default: () => (
      <PrimeProvider>
        <Ripple />
      </PrimeProvider>
    ),
  };
});

function DeferredRipple() {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return painted ? (
    <Suspense fallback={null}>
      <LazyRipple />
    </Suspense>
  ) : null;
}

/*
 * PrimeReact's look without its component code, for the sign-in screen: InputText, Button and
 * Message each bring tooltips, portals and icon modules (~20 KB on the wire) that a form of
 * two fields does not use, and /login's first paint on a phone waits for every byte
 *. Same markup classes, so the theme styles them exactly as the components.
 */

/** PrimeReact InputText's markup: filled variant (the console's input style), `p-filled` when not empty. */
export function PlainInput({
  className,
  invalid,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  const filled = props.value !== undefined && String(props.value) !== '';
  const classes = [
    'p-inputtext p-component p-variant-filled',
    filled && 'p-filled',
    invalid && 'p-invalid',
    className,
  ];
  return (
    <input {...props} aria-invalid={invalid || undefined} className={classes.filter(Boolean).join(' ')} />
  );
}

/** PrimeReact Button's markup with its ripple; `loading` disables it and shows a spinner. */
export function PlainButton({
  label,
  loading,
  icon,
  className,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; loading?: boolean; icon?: string }) {
  const classes = ['p-button p-component', loading && 'p-button-loading p-disabled', className];
  return (
    <button
      {...props}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={classes.filter(Boolean).join(' ')}
    >
      {loading && <span className="p-button-icon p-button-icon-left plain-spinner" aria-hidden="true" />}
      {icon && !loading && (
        <span className={`p-button-icon p-c p-button-icon-left ${icon}`} aria-hidden="true" />
      )}
      <span className="p-button-label p-c">{label}</span>
      <DeferredRipple />
    </button>
  );
}

/** PrimeReact Message's markup (inline message by severity), text only. */
export function InlineMessage({
  severity,
  children,
  className,
}: {
  severity: 'info' | 'success' | 'warn' | 'error';
  children: ReactNode;
  className?: string;
}) {
  // As PrimeReact's Message: an alert, announced politely and whole.
  return (
    <div
      className={`p-inline-message p-component p-inline-message-${severity} ${className ?? ''}`}
      role="alert"
      aria-live="polite"
      aria-atomic="true"
    >
      <span className="p-inline-message-text">{children}</span>
    </div>
  );
}

/** PrimeReact Divider's markup: horizontal, solid, its content centred. */
export function PlainDivider({ children }: { children?: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: PrimeReact's markup; an <hr> cannot hold the label
    <div
      className="p-divider p-component p-divider-horizontal p-divider-solid p-divider-center"
      role="separator"
      aria-orientation="horizontal"
    >
      <div className="p-divider-content">{children}</div>
    </div>
  );
}
