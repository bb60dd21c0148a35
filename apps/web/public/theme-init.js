// Runs before first paint (a blocking script in <head>) so the page never flashes the wrong
// mode: the `dark` class on <html> is the switch, and the theme link follows it.
(() => {
  let pref = 'system';
  try {
    pref = localStorage.getItem('scanline.appearance') || 'system';
  } catch {}
  const dark = pref === 'dark' || (pref === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  const link = document.getElementById('theme-link');
  // The built page names the hashed stylesheets on the link itself (scripts/hashed-themes.ts).
  if (link)
    link.href = (dark ? link.dataset.dark : link.dataset.light) || `/themes/${dark ? 'dark' : 'light'}.css`;
})();
