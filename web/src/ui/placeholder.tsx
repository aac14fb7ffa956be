import type { PathId } from '../app/paths';
import { routeInfo } from '../app/routeTable';
import { ComingSoon } from './ComingSoon';

/** A "준비 중" page for a route the spec lists without showing its content (/changeCode). */
export function placeholderPage(id: PathId, description: string) {
  const { title } = routeInfo(id);
  function Placeholder() {
    return <ComingSoon title={title} description={description} />;
  }
  Placeholder.displayName = `Placeholder(${id})`;
  return Placeholder;
}
