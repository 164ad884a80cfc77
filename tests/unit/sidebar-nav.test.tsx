import { afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useNavigate } from 'react-router';
import { SidebarNav } from '../../src/custom/layout/SidebarNav';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(to)}>Go</button>;
}

it('arriving on a page inside a closed group opens that group', async () => {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={['/client_management']}>
        <SidebarNav role="ADMIN" />
        <GoTo to="/task_management" />
      </MemoryRouter>
    </ConfigProvider>,
  );
  expect(screen.queryByRole('link', { name: 'Tasks' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  await waitFor(() => expect(screen.getByRole('link', { name: 'Tasks' })).toBeTruthy());
});
