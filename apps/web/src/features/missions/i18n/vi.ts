/** The missions page's texts (`missionLeaderboard`): sign-in calendar, missions, leaderboard; Vietnamese. */
export const missionsVi = {
  signIn: {
    title: 'Điểm danh hằng ngày',
    streak_one: 'Chuỗi điểm danh: {{count}} ngày',
    streak_other: 'Chuỗi điểm danh: {{count}} ngày',
    day: 'Ngày {{day}}',
    action: 'Điểm danh',
    done: 'Đã điểm danh hôm nay',
    signing: 'Đang điểm danh…',
    signed: 'Điểm danh thành công! Phần thưởng ngày {{day}} đang chờ bạn trong mục Phần thưởng.',
    unavailable: 'Điểm danh chưa mở.',
  },
  periods: { daily: 'Nhiệm vụ hằng ngày', weekly: 'Nhiệm vụ hằng tuần', once: 'Nhiệm vụ một lần' },
  progress: 'Tiến độ',
  endsAt: 'Kết thúc {{time}}',
  status: { IN_PROGRESS: 'Đang làm', CLAIMABLE: 'Nhận thưởng', CLAIMED: 'Đã nhận' },
  claiming: 'Đang nhận…',
  claimed: 'Đã nhận thưởng {{reward}}.',
  none: 'Hiện chưa có nhiệm vụ nào. Hãy quay lại sau.',
  reward: { points: '{{amount}} điểm', bonus: 'Thưởng khuyến mãi' },
  leaderboard: {
    title: 'Bảng xếp hạng',
    daily: 'Hôm nay',
    weekly: 'Tuần này',
    rank: 'Hạng',
    member: 'Thành viên',
    completed: 'Nhiệm vụ hoàn thành',
    mine: 'Bạn: {{completed}} nhiệm vụ, hạng {{rank}}',
    mineUnranked: 'Bạn: {{completed}} nhiệm vụ, chưa vào bảng',
    empty: 'Chưa ai hoàn thành nhiệm vụ trong kỳ này. Hãy là người đầu tiên!',
  },
};

export type MissionsTranslation = typeof missionsVi;
