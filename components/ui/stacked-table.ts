/**
 * A settings table (users, API tokens) that becomes a list of cards below the `md` breakpoint, so
 * that no row is wider than a phone's screen (issue 29): the header row is read by screen readers
 * only, each cell is a line, labelled by its `data-label` attribute.
 */
export const STACKED = {
  table: 'w-full text-sm max-md:block md:min-w-[760px]',
  thead: 'max-md:sr-only',
  tbody: 'max-md:block',
  tr: 'max-md:block max-md:py-2',
  td: 'max-md:block max-md:py-1 max-md:before:mr-2 max-md:before:text-xs max-md:before:font-semibold max-md:before:uppercase max-md:before:tracking-wide max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]',
};
