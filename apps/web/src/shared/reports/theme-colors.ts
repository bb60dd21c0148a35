import { useEffect, useState } from 'react';

export interface ChartColors {
  primary: string;
  primarySoft: string;
  text: string;
  muted: string;
  grid: string;
  success: string;
  danger: string;
  warn: string;
  palette: string[];
}

const read = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

function readColors(): ChartColors {
  return {
    primary: read('--primary-color', '#3b82f6'),
    primarySoft: read('--primary-200', '#9dc1fb'),
    text: read('--text-color', '#334155'),
    muted: read('--text-color-secondary', '#64748b'),
    grid: read('--surface-border', '#dfe7ef'),
    success: read('--green-500', '#22c55e'),
    danger: read('--red-500', '#ef4444'),
    warn: read('--orange-500', '#f97316'),
    palette: [
      '--red-500',
      '--orange-500',
      '--yellow-500',
      '--purple-500',
      '--teal-500',
      '--pink-500',
      '--bluegray-500',
    ].map((v) => read(v, '#94a3b8')),
  };
}

/**
 * Chart colours from the theme's CSS variables, read again when dark mode toggles (the class
 * on <html>) or the theme stylesheet finishes loading, so charts follow light and dark.
 */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readColors);
  useEffect(() => {
    const update = () => setColors(readColors());
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    const link = document.getElementById('theme-link');
    link?.addEventListener('load', update);
    return () => {
      observer.disconnect();
      link?.removeEventListener('load', update);
    };
  }, []);
  return colors;
}
