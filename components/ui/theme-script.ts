/** Shared by the root layout (server) and the theme toggle (client). */
export const THEME_STORAGE_KEY = 'theme';

/** Runs in <head> before the first paint: applies the stored or system theme, so nothing flashes. */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');var d=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d);}catch(e){}})();`;
