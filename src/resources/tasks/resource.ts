import { defineResource } from '../../domain/resources/types';

const ADMIN = ['ADMIN'] as const;

/** CRM tasks (task_management): due date, status, assignee and an optional deal. */
export default defineResource({
  name: 'tasks',
  table: { name: 'tasks' },
  routes: {
    list: 'task_management',
    create: 'task_management/create',
    edit: 'task_management/:id/edit',
    show: 'task_management/:id',
  },
  api: { base: '/api/crmmanagement/tasks' },
  access: { list: ADMIN, show: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
  titleField: 'title',
  defaultSort: { field: 'dueDate', order: 'asc' },
  fields: {
    title: { type: 'string', required: true, min: 2, max: 160, sortable: true, search: true },
    dueDate: { type: 'date', required: true, filter: 'range', sortable: true },
    status: {
      type: 'enum',
      options: ['todo', 'in_progress', 'done'],
      required: true,
      defaultValue: 'todo',
      filter: 'exact',
      sortable: true,
    },
    assigneeId: { type: 'reference', references: { resource: 'users', labelField: 'email' }, filter: 'exact' },
    dealId: { type: 'reference', references: { resource: 'deals', labelField: 'title' } },
    notes: { type: 'text', max: 5000, list: 'hidden' },
  },
  bulkActions: [{ key: 'markDone', set: { status: 'done' } }],
});
