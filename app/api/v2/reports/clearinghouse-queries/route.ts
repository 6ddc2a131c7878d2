import { operations } from '@/lib/api/operations';
import { clearinghouseQueryFile } from '@/lib/domain/results';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({
    ...operations.clearinghouseQueryFile,
    handler: async ({ ctx, query }) =>
      new Response((await clearinghouseQueryFile(ctx, query)).text, {
        headers: { 'Content-Type': 'text/tab-separated-values', 'Content-Disposition': 'attachment; filename="clearinghouse-queries.txt"', 'Cache-Control': 'no-store' },
      }),
  }),
});
