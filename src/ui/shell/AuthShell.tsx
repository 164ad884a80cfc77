import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { ThemeSwitch } from './ThemeSwitch';

/** The frame of the screens outside the main layout: a top bar, the content, the legal links. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="auth-shell" style={{ background: token.colorBgLayout, color: token.colorText }}>
      <header className="auth-shell__bar">
        <Link to="/" aria-label={t('layout.homeLink')}>
          <Logo compact />
        </Link>
        <Flex gap={token.marginXS} align="center" wrap>
          <ThemeSwitch />
          <LanguageSwitch />
        </Flex>
      </header>
      <main className="auth-shell__main">{children}</main>
      <footer className="auth-shell__footer" style={{ color: token.colorTextSecondary }}>
        <Link to="/terms-of-service">{t('legalLinks.terms')}</Link>
        <span aria-hidden>·</span>
        <Link to="/privacy-policy">{t('legalLinks.privacy')}</Link>
      </footer>
    </div>
  );
}

/** The card the auth forms sit in. */
export function AuthPanel({
  title,
  children,
  labelledBy,
  headingLevel = 1,
}: {
  title: string;
  children: ReactNode;
  labelledBy: string;
  /** 2 when the page has its own h1 (the login page's hero). */
  headingLevel?: 1 | 2;
}) {
  const { token } = theme.useToken();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      aria-labelledby={labelledBy}
      className="auth-panel"
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
        padding: token.paddingXL,
      }}
    >
      <Heading
        id={labelledBy}
        style={{ margin: `0 0 ${token.marginLG}px`, fontSize: token.fontSizeHeading3, fontWeight: 600 }}
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}
