export { NoticeBanner } from './NoticeBanner';
export { NoticeMarker } from './NoticeMarker';
