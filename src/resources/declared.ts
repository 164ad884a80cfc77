/** One line per resource: `export { default as <name> } from './<folder>/resource';` */
export { default as users } from './users/resource';
export { default as clients } from './clients/resource';
export { default as plans } from './plans/resource';
export { default as roles } from './roles/resource';
export { default as markets } from './markets/resource';
export { default as companies } from './companies/resource';
export { default as contacts } from './contacts/resource';
export { default as deals } from './deals/resource';
export { default as tasks } from './tasks/resource';
export { default as emailEvents } from './email-events/resource';
export { default as venues } from './venues/resource';
export { default as employees } from './employees/resource';
export { default as customers } from './customers/resource';
export { default as serviceTickets } from './service-tickets/resource';
export { default as reports } from './reports/resource';
export { default as products } from './products/resource';
export { default as invoices } from './invoices/resource';
