import type { ConfirmDialogProps } from 'primereact/confirmdialog';
import type { Toast, ToastMessage, ToastProps } from 'primereact/toast';
import {
  createContext,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

// The dialog code loads the first time a confirmation is asked for, not with every screen.
// Both hosts sit above the routes' PrimeReact provider, so each brings its own.
const ConfirmDialog = lazy(async () => {
  const [{ ConfirmDialog: Dialog }, { PrimeProvider }] = await Promise.all([
    import('primereact/confirmdialog'),
    import('./prime-provider'),
  ]);
  return {
    default: (props: ConfirmDialogProps) => (
      <PrimeProvider>
        <Dialog {...props} />
      </PrimeProvider>
    ),
  };
});
// Likewise the toast host (and its transitions): the sign-in screens rarely toast, and every
// byte before /login's first paint counts on a phone.
const LazyToast = lazy(async () => {
  const [{ Toast: Host }, { PrimeProvider }] = await Promise.all([
    import('primereact/toast'),
    import('./prime-provider'),
  ]);
  return {
    default: (props: ToastProps & { ref: Ref<Toast> }) => (
      <PrimeProvider>
        <Host {...props} />
      </PrimeProvider>
    ),
  };
});

import { useT } from '../lib/i18n/console-intl';
import { useNavBusy } from './nav';

export type Severity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

export interface GlobalUi {
  /** Seed §3: the loading overlay flag; each `begin` must be paired with its `end`. */
  beginLoading(): () => void;
  toast(severity: Severity, summary: string, detail?: string, life?: number): void;
  /** Seed §4: a request to show a confirmation, and one to close it. */
  confirm(options: ConfirmOptions): void;
  closeConfirm(): void;
}

export interface ConfirmOptions {
  header: string;
  message: ReactNode;
  acceptLabel?: string;
  danger?: boolean;
  onAccept: () => void | Promise<void>;
}

const UiContext = createContext<GlobalUi | null>(null);

/** One progress bar, one toast host (top-right) and one confirmation host for the whole console. */
export function GlobalUiProvider({ children }: { children: ReactNode }) {
  const toastRef = useRef<Toast | null>(null);
  // Toasts asked for before the host has loaded wait here and are shown once it mounts.
  const pending = useRef<ToastMessage[]>([]);
  const [toastWanted, setToastWanted] = useState(false);
  const attachToast = useCallback((toast: Toast | null) => {
    toastRef.current = toast;
    if (toast && pending.current.length) {
      toast.show(pending.current);
      pending.current = [];
    }
  }, []);
  const [loads, setLoads] = useState(0);
  const [confirmProps, setConfirmProps] = useState<ConfirmDialogProps>({ visible: false });
  const [asked, setAsked] = useState(false);
  const { t } = useT();

  const closeConfirm = useCallback(() => setConfirmProps((p) => ({ ...p, visible: false })), []);
  const ui = useMemo<GlobalUi>(
    () => ({
      beginLoading() {
        setLoads((n) => n + 1);
        let ended = false;
        return () => {
          if (!ended) setLoads((n) => n - 1);
          ended = true;
        };
      },
      toast(severity, summary, detail, life = 5000) {
        const message = { severity, summary, detail, life } as ToastMessage;
        if (toastRef.current) toastRef.current.show(message);
        else {
          pending.current.push(message);
          setToastWanted(true);
        }
      },
      confirm(o) {
        setAsked(true);
        setConfirmProps({
          visible: true,
          header: o.header,
          message: o.message,
          icon: o.danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle',
          acceptLabel: o.acceptLabel ?? t('common.confirm'),
          rejectLabel: t('common.cancel'),
          acceptClassName: o.danger ? 'p-button-danger' : undefined,
          defaultFocus: 'reject',
          accept: () => void o.onAccept(),
          onHide: () => setConfirmProps((p) => ({ ...p, visible: false })),
        });
      },
      closeConfirm,
    }),
    [closeConfirm, t],
  );
  return (
    <UiContext.Provider value={ui}>
      <GlobalProgress active={loads > 0} />
      {children}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog {...confirmProps} />
        </Suspense>
      )}
      {toastWanted && (
        <Suspense fallback={null}>
          <LazyToast ref={attachToast} position="top-right" />
        </Suspense>
      )}
    </UiContext.Provider>
  );
}

function GlobalProgress({ active }: { active: boolean }) {
  const busy = useNavBusy();
  const on = active || busy;
  const { t } = useT();
  return (
    <div className="global-progress" aria-hidden={!on}>
      {/* PrimeReact ProgressBar's indeterminate markup: its component code (and PrimeReact's
          utilities) would otherwise load before /login paints. */}
      {on && (
        <div
          className="p-progressbar p-component p-progressbar-indeterminate"
          role="progressbar"
          aria-label={t('common.loading')}
          style={{ height: '6px' }}
        >
          <div className="p-progressbar-indeterminate-container">
            <div className="p-progressbar-value p-progressbar-value-animate" />
          </div>
        </div>
      )}
    </div>
  );
}

export function useUi(): GlobalUi {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('useUi outside GlobalUiProvider');
  return ui;
}

export type ToastApi = Record<Severity, (summary: string, detail?: string, life?: number) => void>;

/** Toasts by severity (seed §2: info, success, warn, error, secondary, contrast; top-right). */
export function useToast(): ToastApi {
  const ui = useUi();
  return useMemo(() => {
    const at = (s: Severity) => (summary: string, detail?: string, life?: number) =>
      ui.toast(s, summary, detail, life);
    return {
      info: at('info'),
      success: at('success'),
      warn: at('warn'),
      error: at('error'),
      secondary: at('secondary'),
      contrast: at('contrast'),
    };
  }, [ui]);
}

/** Seed §4: a request to show a confirmation, and one to close it. */
export function useConfirm(): { confirm(o: ConfirmOptions): void; close(): void } {
  const ui = useUi();
  return useMemo(() => ({ confirm: ui.confirm, close: ui.closeConfirm }), [ui]);
}
