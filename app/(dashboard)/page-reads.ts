/**
 * Reads that the dashboard layout and a page both need, once per request (React `cache`, keyed by
 * the request's one Ctx from requirePageCtx): the open actions' count is the navigation's badge and
 * the home page's "most urgent" total.
 */
import 'server-only';
import { cache } from 'react';
import { countOpenActions } from '@/lib/domain/actions';
import type { Ctx } from '@/lib/domain/context';

export const openActionCount = cache((ctx: Ctx) => countOpenActions(ctx));
