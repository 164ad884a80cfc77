/**
 * The visual editor's messages show once, where they belong (src/custom/email-templates/
 * TemplateFields.tsx): a block's message at the block, not again under the mail's background.
 * The form's `blocks` item held the same message from the form's rule and drew it below the
 * editor, after "Mail background".
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, type FormInstance } from 'antd';
import { resolvedSource } from '../../src/domain/email-templates/blocks-mjml';
import {
  blankEmailTemplate,
  emailTemplateSchema,
  type EmailTemplateInput,
} from '../../src/domain/email-templates/rules';
import { TemplateFields } from '../../src/custom/email-templates/TemplateFields';
import { useSaveForm } from '../../src/ui/forms/use-save-form';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

let formRef: FormInstance<EmailTemplateInput> | null = null;

function Editor({ initial }: { initial: EmailTemplateInput }) {
  const save = useSaveForm<typeof emailTemplateSchema, EmailTemplateInput>({
    schema: emailTemplateSchema,
    toInput: resolvedSource,
    initialValues: initial,
    save: async () => undefined,
  });
  formRef = save.form;
  return (
    <Form {...save.formProps}>
      <TemplateFields form={save.form} rules={save.rules} onSwitched={() => undefined} />
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
});
