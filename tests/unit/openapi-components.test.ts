import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '@/lib/api/openapi';

describe('the OpenAPI document beside other copies of the schemas', () => {
  it('builds when another bundle of the process registered schemas under the same ids (the start-up hook loads the domain too)', () => {
    const before = buildOpenApiDocument();
    // What a second copy of lib/domain/contract/representation.ts does when another bundle evaluates it.
    z.object({ id: z.string() }).meta({ id: 'Order' });
    z.object({ city: z.string() }).meta({ id: 'Address' });
    const after = buildOpenApiDocument();
    expect(after).toEqual(before);
    expect(Object.keys((after.components as { schemas: object }).schemas)).toContain('Order');
  });
});
