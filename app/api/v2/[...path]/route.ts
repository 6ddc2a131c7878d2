/** Any `/api/v2` path no route declares: 404 in the spec's envelope. */
import { errorResponse } from '@/lib/http/route';

const unknownPath = async (request: Request) =>
  errorResponse(404, [{ code: 'notFound', detail: `No API operation at ${new URL(request.url).pathname}.` }]);

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
