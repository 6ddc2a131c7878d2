/** Setting up a customer (DESIGN.md 6.4): company, location and package writes. */
import { CreateCompanyBody, UpdateCompanyBody } from '@/lib/domain/companies/schemas';
import { CreateLocationBody, UpdateLocationBody } from '@/lib/domain/locations/schemas';
import { CreatePackageBody, UpdatePackageBody } from '@/lib/domain/packages/schemas';
import { NearbyClinicsQuery } from '@/lib/domain/packages/clinics-near';
import { NearbyClinics } from '@/lib/domain/contract/management';
import * as R from '../representations';
import { ok, type OperationSpec } from './spec';

const created = <S extends typeof R.Company | typeof R.Location | typeof R.Package>(schema: S, what: string) => ({
  201: { description: 'Created', schema, headers: { Location: `Path of the new ${what}.` } },
});

export const setupOperations = {
  createCompany: {
    method: 'POST', path: '/api/v2/companies', scope: 'company.write', tag: 'companies', summary: 'Create a company',
    description:
      'Needs a principal linked to every company of the tenant (403 `insufficientScope` for a company-limited one). ' +
      'An address\'s `postalCode` must be a known US ZIP code (400 `invalidValue` at `/address/postalCode`).',
    body: CreateCompanyBody, created: 'company', responses: created(R.Company, 'company'), errors: [400, 413],
  },
  updateCompany: {
    method: 'PATCH', path: '/api/v2/companies/{id}', scope: 'company.write', tag: 'companies', summary: 'Change a company',
    description:
      'The members sent change, the others keep their values (`address: null` clears the address). ' +
      '`isActive: false` deactivates the company: it is no longer listed or ordered for, its orders stay readable; nothing is deleted. ' +
      'Company-limited principals change only their own companies.',
    body: UpdateCompanyBody, responses: ok(R.Company), errors: [400, 404, 413],
  },
  createLocation: {
    method: 'POST', path: '/api/v2/locations', scope: 'location.write', tag: 'locations', summary: 'Create a location',
    description:
      'A location of a company the principal is linked to (404 at `/company/id` otherwise). The address\'s `postalCode` must be a known US ZIP code ' +
      '(400 `invalidValue` at `/address/postalCode`). `feeCap` is in US dollars; `orderMatching` null inherits the company\'s setting.',
    body: CreateLocationBody, created: 'location', responses: created(R.Location, 'location'), errors: [400, 404, 413],
  },
  updateLocation: {
    method: 'PATCH', path: '/api/v2/locations/{id}', scope: 'location.write', tag: 'locations', summary: 'Change a location',
    description: 'The members sent change, the others keep their values. `isActive: false` deactivates the location: no new orders there; nothing is deleted.',
    body: UpdateLocationBody, responses: ok(R.Location), errors: [400, 404, 413],
  },
  createPackage: {
    method: 'POST', path: '/api/v2/packages', scope: 'package.write', tag: 'packages', summary: 'Create a package',
    description:
      '1 to 20 distinct services of the tenant\'s catalog (a repeated or unknown one is 400 `invalidValue` at `/services/<i>/id`). ' +
      'With `location`, the package is orderable only there; the location must belong to the company (400 `invalidValue` at `/location/id`).',
    body: CreatePackageBody, created: 'package', responses: created(R.Package, 'package'), errors: [400, 404, 413],
  },
  updatePackage: {
    method: 'PATCH', path: '/api/v2/packages/{id}', scope: 'package.write', tag: 'packages', summary: 'Change a package',
    description:
      '`services` replaces the list. `isActive: false` deactivates the package: ordering it answers 422 `packageInactive`; orders already placed keep it.',
    body: UpdatePackageBody, responses: ok(R.Package), errors: [400, 404, 413],
  },
  listNearbyClinics: {
    method: 'GET', path: '/api/v2/locations/{id}/nearbyClinics', scope: 'package.write', tag: 'packages', summary: 'Clinics near a location that offer services',
    description:
      'The package editor\'s check: how many active clinics within 25 miles of the location\'s ZIP code offer every one of `serviceIds`, and the nearest five. ' +
      'Unlike the clinic search, the services need not be in any package yet. `postalCode` is null (nothing searched) for a location without a known ZIP code. ' +
      'A location outside the principal\'s companies answers 404.',
    query: NearbyClinicsQuery, responses: ok(NearbyClinics), errors: [400, 404],
  },
} satisfies Record<string, OperationSpec>;
