/** One line per resource: `export { default as <name> } from './<folder>/resource';` */
export { default as contacts } from './contacts/resource';
export { default as companies } from './companies/resource';
