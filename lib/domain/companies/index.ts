/** Companies (spec 2.7, DESIGN.md 6.4): schemas, reads, one file per change. */
export { createCompany } from './create-company';
export { getCompany, listCompanies, manageableCompany } from './queries';
export { CreateCompanyBody, ListCompaniesQuery, UpdateCompanyBody } from './schemas';
export { serializeCompany, type Company } from './serialize';
export { companyAndLocationOptions, forgetCompanyOptions, type CompanyAndLocationOptions } from './options';
export { updateCompany } from './update-company';
