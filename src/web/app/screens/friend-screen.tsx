import { useParams } from 'wouter';
import { ListScreen } from '../../components/list-screen';
import { FriendBills } from '../../features/bills/components/friend-bills';

/** Decodes the name in the path; a broken escape is taken as written. */
function nameOf(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** /friends/:name: the bills shared with one friend (DECISIONS.md); back goes to /friends. */
export function FriendScreen() {
  const { name = '' } = useParams<{ name: string }>();
  const friend = nameOf(name);
  return (
    <ListScreen title={friend} back={{ href: '/friends', label: 'Back to friends' }}>
      <FriendBills name={friend} />
    </ListScreen>
  );
}
