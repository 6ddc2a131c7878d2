export { misReport } from './mis-report';
export { misCsv } from './mis-csv';
export { misPdf } from './mis-pdf';
export { countMis } from './mis-counting';
export { reportableCompanies } from './queries';
