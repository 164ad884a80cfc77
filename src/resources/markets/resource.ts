import { defineResource } from '../../domain/resources/types';

const ADMIN = ['ADMIN'] as const;

/** Markets followed by the Signal Market area (market_management). */
export default defineResource({
  name: 'markets',
  table: { name: 'markets' },
  routes: {
    list: 'market_management',
    create: 'market_management/create',
    edit: 'market_management/:id/edit',
    show: 'market_management/:id',
  },
  api: { base: '/api/AdminAccount/markets' },
  access: { list: ADMIN, show: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
  titleField: 'name',
  defaultSort: { field: 'symbol', order: 'asc' },
  fields: {
    symbol: { type: 'string', required: true, min: 1, max: 12, unique: true, sortable: true, search: true },
    name: { type: 'string', required: true, min: 2, max: 80, sortable: true, search: true },
    category: {
      type: 'enum',
      options: ['stocks', 'crypto', 'forex', 'commodities', 'indices'],
      required: true,
      filter: 'exact',
      sortable: true,
    },
    active: { type: 'boolean', filter: 'boolean', defaultValue: true },
    description: { type: 'text', max: 2000, list: 'hidden' },
  },
  bulkActions: [
    { key: 'activate', set: { active: true } },
    { key: 'deactivate', set: { active: false } },
  ],
});
