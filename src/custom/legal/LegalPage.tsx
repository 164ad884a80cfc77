import { Fragment, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Flex, Spin, Typography, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLegalNamespace, type LegalDocument } from './useLegalNamespace';

const { Title, Paragraph, Text } = Typography;

export interface LegalPageProps {
  doc: LegalDocument;
  /** Section keys under `<doc>.sections`, in reading order. */
  sections: readonly string[];
}

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** `intellectualProperty` → `terms-intellectual-property`: readable, stable fragment ids. */
function anchorId(doc: LegalDocument, section: string): string {
  return `${doc}-${section.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Turns e-mail addresses in a translated paragraph into mailto links. */
function withMailLinks(paragraph: string): ReactNode {
  return paragraph.split(EMAIL).map((part, i) =>
    i % 2 === 1 ? (
      <Typography.Link key={i} href={`mailto:${part}`}>
        {part}
      </Typography.Link>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

function Loading() {
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin size="large" />
    </Flex>
  );
}

function LegalContent({ doc, sections }: LegalPageProps) {
  const { ready, text, paragraphs } = useLegalNamespace();
  const { token } = theme.useToken();
  const { hash } = useLocation();

  // The sections render only once the namespace has loaded, after the browser tried to honour
  // the fragment of a deep link (/privacy-policy#privacy-rights), so scroll to it here.
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);

  if (!ready) return <Loading />;

  return (
    <article>
      <Link
        to="/"
        style={{ color: token.colorLink, display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}
      >
        <ArrowLeftOutlined aria-hidden />
        {text('back')}
      </Link>

      <Title level={1} style={{ marginTop: token.marginLG, fontSize: 'clamp(28px, 7vw, 38px)' }}>
        {text(`${doc}.title`)}
      </Title>
      <Paragraph type="secondary">{text(`${doc}.lastUpdated`)}</Paragraph>
      <Paragraph>{withMailLinks(text(`${doc}.intro`))}</Paragraph>

      <nav
        aria-label={text('contents')}
        style={{
          margin: `${token.marginLG}px 0 ${token.marginXL}px`,
          padding: `${token.padding}px ${token.paddingLG}px`,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorFillQuaternary,
        }}
      >
        <Text strong>{text('contents')}</Text>
        <ol style={{ margin: `${token.marginXS}px 0 0`, paddingInlineStart: token.paddingLG }}>
          {sections.map((section) => (
            <li key={section} style={{ padding: `${token.paddingXXS}px 0` }}>
              <Typography.Link href={`#${anchorId(doc, section)}`}>
                {text(`${doc}.sections.${section}.heading`)}
              </Typography.Link>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section) => {
        const id = anchorId(doc, section);
        return (
          <section key={section} id={id} aria-labelledby={`${id}-heading`} style={{ scrollMarginTop: token.marginLG }}>
            <Title level={2} id={`${id}-heading`} style={{ fontSize: token.fontSizeHeading3 }}>
              {text(`${doc}.sections.${section}.heading`)}
            </Title>
            {paragraphs(`${doc}.sections.${section}.body`).map((paragraph, i) => (
              <Paragraph key={i}>{withMailLinks(paragraph)}</Paragraph>
            ))}
          </section>
        );
      })}
    </article>
  );
}

/** Shared layout of the Terms of Service and Privacy Policy: one readable column with a table of contents. */
export default function LegalPage(props: LegalPageProps) {
  const { token } = theme.useToken();
  return (
    <main
      style={{
        minHeight: '100vh',
        background: token.colorBgContainer,
        color: token.colorText,
        padding: `${token.paddingLG}px ${token.padding}px ${token.paddingXL}px`,
        overflowWrap: 'anywhere',
      }}
    >
      <div style={{ maxWidth: 800, margin: '0 auto' }}>
        <Suspense fallback={<Loading />}>
          <LegalContent {...props} />
        </Suspense>
      </div>
    </main>
  );
}
