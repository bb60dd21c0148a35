import { useState } from 'react';

/**
 * The columns a table shows, remembered per table in localStorage: the user's choice from the
 * column chooser, else every column not hidden by default.
 */
export function useVisibleColumns(id: string, columns: { field: string; hiddenByDefault?: boolean }[]) {
  const storageKey = `scanline.table.${id}.columns`;
  const [visible, setVisible] = useState<string[]>(() => {
    const fallback = columns.filter((c) => !c.hiddenByDefault).map((c) => c.field);
    try {
      // A remembered choice keeps only columns that still exist.
      const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as unknown;
      return Array.isArray(saved) ? columns.map((c) => c.field).filter((f) => saved.includes(f)) : fallback;
    } catch {
      return fallback;
    }
  });
  const choose = (fields: string[]) => {
    setVisible(fields);
    localStorage.setItem(storageKey, JSON.stringify(fields));
  };
  return [visible, choose] as const;
}
