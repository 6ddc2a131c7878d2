/**
 * The domain's order (docs/architecture.md): ESLint's zones keep each group of lib/domain from
 * importing a later group; this keeps modules of one group from importing each other in a loop.
 */
import { describe, expect, it } from 'vitest';
import { domainImports } from '../../scripts/lib/architecture';

describe('lib/domain imports', () => {
  it('have no loop between modules (type-only imports left out)', () => {
    const { graph, loops } = domainImports();
    expect(graph.size).toBeGreaterThan(20);
    expect(loops).toEqual([]);
  });
});
