const DIALOG = '[role=dialog], [role=alertdialog]';

/**
 * A dialog gives focus back to what opened it when it closes. PrimeReact's Dialog
 * does so only after its leave animation; most of our dialogs are taken off the page at once
 * (`{open && <Dialog …/>}`), so focus fell to <body> and a keyboard user started again from the
 * top. This remembers, for each dialog that appears, the element focused before it, and when the
 * dialog is gone and nothing has focus, puts focus back there. Returns the stop function.
 */
export function watchDialogFocusReturn(doc: Document = document): () => void {
  let current: Element | null = null;
  let previous: Element | null = null;
  const onFocus = (e: FocusEvent) => {
    if (e.target === current) return;
    previous = current;
    current = e.target as Element;
  };
  const openers = new Map<Element, HTMLElement>();
  const check = () => {
    for (const dialog of doc.querySelectorAll(DIALOG)) {
      if (openers.has(dialog)) continue;
      // The dialog may already have taken focus (autofocus): its opener is the one before.
      const opener = current && dialog.contains(current) ? previous : current;
      if (opener instanceof HTMLElement && !dialog.contains(opener)) openers.set(dialog, opener);
    }
    for (const [dialog, opener] of openers) {
      if (dialog.isConnected) continue;
      openers.delete(dialog);
      const open = [...openers.keys()].filter((d) => d.isConnected);
      if (open.length) {
        // One dialog led to the next (create, then pair): the next gives focus back to the
        // first one's opener, its own (a button of the first) being gone.
        for (const next of open) if (!openers.get(next)?.isConnected) openers.set(next, opener);
        continue;
      }
      const lost = !doc.activeElement || doc.activeElement === doc.body;
      if (lost && opener.isConnected) opener.focus({ preventScroll: true });
    }
  };
  doc.addEventListener('focusin', onFocus, true);
  const observer = new MutationObserver(check);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocus, true);
    observer.disconnect();
  };
}
