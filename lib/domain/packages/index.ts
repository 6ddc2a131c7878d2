/** Packages (spec 2.6, DESIGN.md 6.4): schemas, reads, one file per change. */
export { createPackage } from './create-package';
export { activePackage, availableAtLocation, getPackage, listPackages, servicesOfPackages } from './queries';
export { CreatePackageBody, ListPackagesQuery, UpdatePackageBody } from './schemas';
export { serializePackage, type Package, type PackageServiceRow } from './serialize';
export { updatePackage } from './update-package';
