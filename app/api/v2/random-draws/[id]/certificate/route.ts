import { drawCertificatePdf } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({
    ...operations.getRandomDrawCertificate,
    handler: async ({ ctx, params }) => {
      const { fileName, bytes } = await drawCertificatePdf(ctx, params.id);
      return new Response(Buffer.from(bytes), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  }),
});
