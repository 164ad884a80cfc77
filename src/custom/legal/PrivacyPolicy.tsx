import LegalPage from './LegalPage';

const SECTIONS = ['dataCollected', 'use', 'sharing', 'rights', 'security', 'transfers', 'changes'] as const;

export default function PrivacyPolicy() {
  return <LegalPage doc="privacy" sections={SECTIONS} />;
}
