import type { NavIcon } from './nav';

const PATHS: Record<NavIcon, string> = {
  orders: 'M9 5H7a2 2 0 00-2 2v12a2 2 0 002 2h10a2 2 0 002-2V7a2 2 0 00-2-2h-2M9 5a2 2 0 002 2h2a2 2 0 002-2M9 5a2 2 0 012-2h2a2 2 0 012 2m-6 9l2 2 4-4',
  plus: 'M12 5v14M5 12h14',
  map: 'M9 20l-5.4-2.7A1 1 0 013 16.4V5.6a1 1 0 011.4-.9L9 7m0 13l6-3m-6 3V7m6 10l4.6 2.3a1 1 0 001.4-.9V7.6a1 1 0 00-.6-.9L15 4m0 13V4m0 0L9 7',
  building: 'M3 21h18M5 21V5a2 2 0 012-2h6a2 2 0 012 2v16m-4-4h-2m6 4V9h2a2 2 0 012 2v10M9 7h2m-2 4h2',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 1114 0C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  flask: 'M9 3h6M10 3v6.5L4.6 18.3A1.8 1.8 0 006.1 21h11.8a1.8 1.8 0 001.5-2.7L14 9.5V3M7.5 15h9',
  box: 'M21 8l-9-5-9 5m18 0v8l-9 5m9-13l-9 5m0 8l-9-5V8m9 13v-8M3 8l9 5',
  shield: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z',
  webhook: 'M10 14a3.5 3.5 0 01-3-5.3L9.6 4M14 10a3.5 3.5 0 015.2 3.2L16 18m-8-2h8.5M6.5 17.5a2 2 0 100-4 2 2 0 000 4zm11 1a2 2 0 100-4 2 2 0 000 4zM12 7a2 2 0 100-4 2 2 0 000 4z',
  key: 'M15 7a2 2 0 012 2m4 0a6 6 0 01-7.7 5.7L11 17H9v2H7v2H4a1 1 0 01-1-1v-2.6a1 1 0 01.3-.7l6-6A6 6 0 1121 9z',
  mail: 'M3 7a2 2 0 012-2h14a2 2 0 012 2v10a2 2 0 01-2 2H5a2 2 0 01-2-2V7zm0 0l9 6 9-6',
  inbox: 'M4 13h4l1.5 3h5L16 13h4M4 13l2.4-7.2A1 1 0 017.3 5h9.4a1 1 0 01.9.8L20 13v5a1 1 0 01-1 1H5a1 1 0 01-1-1v-5z',
  bell: 'M15 17h5l-1.4-1.4A2 2 0 0118 14.2V11a6 6 0 00-4-5.7V5a2 2 0 10-4 0v.3A6 6 0 006 11v3.2a2 2 0 01-.6 1.4L4 17h5m6 0v1a3 3 0 11-6 0v-1m6 0H9',
  idCard: 'M4 5h16a1 1 0 011 1v12a1 1 0 01-1 1H4a1 1 0 01-1-1V6a1 1 0 011-1zm4.5 8a2 2 0 100-4 2 2 0 000 4zM5.5 16.5a3.2 3.2 0 016 0M14 9.5h4M14 13h4',
  dice: 'M5 4h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V5a1 1 0 011-1zm3.5 4.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01',
  users: 'M16 19v-1a4 4 0 00-4-4H7a4 4 0 00-4 4v1m18 0v-1a4 4 0 00-3-3.9M15 3.1a4 4 0 010 7.8M13.5 7a4 4 0 11-8 0 4 4 0 018 0z',
};

export function Icon({ name, className = 'h-5 w-5' }: { name: NavIcon; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={PATHS[name]} />
    </svg>
  );
}
