import { PlanDescription } from '../../ui/PlanDescription';

/**
 * A markdown field on the show page, rendered to React elements with raw HTML off and only safe
 * link schemes (the same renderer as plan descriptions). Its own chunk: the parser loads only
 * where a markdown field is shown.
 */
export default function MarkdownView({ text }: { text: string }) {
  return <PlanDescription markdown text={text} />;
}
