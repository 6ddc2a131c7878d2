/** Services (spec 2.9, 4.5): schemas, reads, the catalog import. */
export { getService, listCatalogEntries, listServices, type CatalogEntry } from './queries';
export { ListServicesQuery, SERVICE_TYPES } from './schemas';
export { serializeService, type Service } from './serialize';
