import { Link } from '@backstage/core-components';
import { repositoryUrl } from '../../lib/repositoryLinks';

/** A repository URL, linked to the repository's web page when it has one. */
export function RepositoryLink(props: { repoURL: string }) {
  const href = repositoryUrl(props.repoURL);
  return href ? (
    <Link to={href} onClick={event => event.stopPropagation()}>
      {props.repoURL}
    </Link>
  ) : (
    <span>{props.repoURL}</span>
  );
}
