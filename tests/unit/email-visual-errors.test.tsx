/**
 * The visual editor's messages show once, where they belong (src/custom/email-templates/
 * TemplateFields.tsx): a block's message at the block, not again under the mail's background.
 * The form's `blocks` item held the same message from the form's rule and drew it below the
 * editor, after "Mail background". A message only the server gives about a block (its answer
 * names 'blocks.blocks.1.text') landed on that hidden item too and showed nowhere: it shows at its
 * block, which is picked, until the design changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, type FormInstance } from 'antd';
import { resolvedSource } from '../../src/domain/email-templates/blocks-mjml';
import {
  blankEmailTemplate,
  emailTemplateSchema,
  type EmailTemplateInput,
} from '../../src/domain/email-templates/rules';
import { TemplateFields } from '../../src/custom/email-templates/TemplateFields';
import { ApiError } from '../../src/providers/http/api-error';
import { useSaveForm } from '../../src/ui/forms/use-save-form';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

let formRef: FormInstance<EmailTemplateInput> | null = null;

function Editor({
  initial,
  send = async () => undefined,
}: {
  initial: EmailTemplateInput;
  send?: () => Promise<unknown>;
}) {
  const save = useSaveForm<typeof emailTemplateSchema, EmailTemplateInput>({
    schema: emailTemplateSchema,
    toInput: resolvedSource,
    initialValues: initial,
    save: send,
  });
  formRef = save.form;
  return (
    <Form {...save.formProps}>
      <TemplateFields form={save.form} rules={save.rules} onSwitched={() => undefined} refusal={save.refusal} />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('visual editor messages', () => {
  it("shows a block's message at its block only, not again under the mail's background", async () => {
    const initial = blankEmailTemplate();
    initial.name = 'Welcome';
    // The starter's first block, its heading, with no text.
    const [first, ...rest] = initial.blocks!.blocks;
    if (first?.type !== 'text') throw new Error('the starter design begins with a text');
    initial.blocks = { ...initial.blocks!, blocks: [{ ...first, text: ' ' }, ...rest] };
    render(<Editor initial={initial} />);
    // The first block is picked: its message shows in its properties.
    await screen.findByText('Write the text');
    // A save is tried: the form holds the message on its `blocks` field (the save waits on it)…
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    await waitFor(() => expect(formRef!.getFieldError('blocks')).toEqual(['Write the text']));
    // …and antd draws an item's errors a timer later (its useDebounce, setTimeout 0): past it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.getAllByText('Write the text')).toHaveLength(1);
    expect(screen.getByText('Mail background')).toBeTruthy();
    // Nor is the mail's background marked wrong: the item's error status tinted its picker red.
    expect(document.querySelector('.ant-color-picker-status-error')).toBeNull();
  });

  it("shows the server's refusal of a block at that block, picked, until the design changes", async () => {
    const initial = blankEmailTemplate();
    initial.name = 'Welcome';
    const said = 'Placeholder at line 1 is not closed: {{contact.firstName}';
    const refused = new ApiError('Some fields are not valid', 400, {
      message: 'Some fields are not valid',
      errors: { 'blocks.blocks.1.text': said },
    });
    render(<Editor initial={initial} send={() => Promise.reject(refused)} />);
    // The first block is picked, and nothing is wrong with the design as the browser checks it.
    await screen.findByText('Mail background');
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    // The refused block (the second) is picked and its text field says why.
    const message = await screen.findByText(said);
    const field = message.closest('.ant-form-item')!;
    expect(field.querySelector('label')?.getAttribute('for')).toMatch(/-blocks-1-text$|-text$/);
    expect(screen.getAllByText(said)).toHaveLength(1);
    // Changed, the design is the server's to judge again: the message goes.
    act(() => formRef!.setFieldValue('blocks', { ...formRef!.getFieldValue('blocks'), background: '#ffffff' }));
    await waitFor(() => expect(screen.queryByText(said)).toBeNull());
  });
});
