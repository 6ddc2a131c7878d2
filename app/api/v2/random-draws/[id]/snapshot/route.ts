import { drawSnapshotCsv } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({
    ...operations.getRandomDrawSnapshot,
    handler: async ({ ctx, params }) => {
      const { fileName, text } = await drawSnapshotCsv(ctx, params.id);
      return new Response(text, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  }),
});
