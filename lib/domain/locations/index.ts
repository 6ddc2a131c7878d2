/** Locations (spec 2.8, DESIGN.md 6.4): schemas, reads, one file per change. */
export { createLocation } from './create-location';
export { getLocation, listLocations } from './queries';
export { CreateLocationBody, ListLocationsQuery, UpdateLocationBody } from './schemas';
export { serializeLocation, type Location } from './serialize';
export { updateLocation } from './update-location';
