/** The roster (DESIGN.md 7.1): schemas, reads, one file per change, the roster import. */
export { createEmployee } from './create-employee';
export { getEmployee, listEmployees } from './queries';
export { CreateEmployeeBody, ListEmployeesQuery, UpdateEmployeeBody } from './schemas';
export { serializeEmployee, type Employee } from './serialize';
export { updateEmployee } from './update-employee';
