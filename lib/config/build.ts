/**
 * The values Next.js writes into the bundles when it builds them: the NEXT_PUBLIC_* variables and
 * NODE_ENV. Each is written out in full (`process.env.NEXT_PUBLIC_TILE_URL`, never by a computed
 * name), which is what Next.js replaces; so the server's pages and proxy.ts see the value the
 * browser's bundle was built with, not a different one the server was started with. The start-up
 * check (env.ts) validates the tile variables as they are at run time.
 */

/** The map's tile template (`{s}`, `{z}`, `{x}`, `{y}`), or null for the default tiles. */
export const tileUrl: string | null = process.env.NEXT_PUBLIC_TILE_URL || null;

/** The tiles' attribution, or null for the default one. */
export const tileAttribution: string | null = process.env.NEXT_PUBLIC_TILE_ATTRIBUTION || null;

/** `next dev` (React's debug stacks need eval); false in a production build and in tests. */
export const development: boolean = process.env.NODE_ENV === 'development';
