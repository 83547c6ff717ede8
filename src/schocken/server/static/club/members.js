// Members: add one, change or retire one.

import { change, day, label, today } from "/static/club/book.js";
import { card, memberName, render } from "/static/club/frame.js";
import { club, ctx, ui } from "/static/club/state.js";

// ---------------------------------------------------------------- Members

export function membersView() {
  return { left: [membersCard()], right: [addMemberCard()] };
}

function addMemberCard() {
  const { t, el } = ctx;
  return card("club-new-member", t("club_web_add_member_title"),
    el("form", { id: "club-add-member", onsubmit: (e) => {
      e.preventDefault();
      const name = e.target.member.value.trim();
      change("members", { name, guest: e.target.guest.checked }, t("club_web_member_added", { name }), "club-add-member-name");
    } },
    el("label", {}, t("club_web_new_member"), el("input", { name: "member", id: "club-add-member-name", required: true, autocomplete: "off" })),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "guest" }), t("club_web_guest")),
    el("button", { type: "submit" }, t("club_web_add_member"))));
}

/** The members (marked as guest, or with the day they left); one of them renamed or leaving. */
function membersCard() {
  const { t, el } = ctx;
  const members = club.book.members;
  if (ui.editMember && !members.some((m) => m.name === ui.editMember)) ui.editMember = null;
  return card("club-members-part", t("club_web_members_count", { count: members.length }),
    members.length === 0 ? el("p", { class: "hint" }, t("club_web_members_first")) : el("ul", { id: "club-members", class: "club-members" },
      members.map((m, i) => el("li", {},
        el("span", { class: "name" }, memberName(m.name)),
        el("button", { type: "button", class: "small", id: `club-edit-${i}`, "aria-expanded": String(ui.editMember === m.name),
          "aria-label": t("club_web_member_change_label", { name: m.name }), onclick: () => {
            ui.editMember = ui.editMember === m.name ? null : m.name;
            render(ui.editMember ? "club-edit-h" : `club-edit-${i}`);
          } }, t("club_web_member_change")),
        ui.editMember === m.name ? editMember(m) : null))));
}

export function editMember(m) {
  const { t, el } = ctx;
  const name = m.name;
  return el("div", { class: "club-edit", id: "club-edit" },
    el("h3", { id: "club-edit-h", tabindex: "-1" }, t("club_web_member_change_label", { name })),
    el("form", { id: "club-rename", onsubmit: (e) => {
      e.preventDefault();
      const newName = e.target.new_name.value.trim();
      change("members/rename", { name, new_name: newName }, t("club_web_renamed", { name, new_name: newName }), "club-edit-h",
        () => { ui.editMember = newName; });
    } },
    el("label", {}, t("club_web_new_name"), el("input", { name: "new_name", required: true, autocomplete: "off", value: name })),
    el("button", { type: "submit" }, t("club_web_rename_button"))),
    m.left ? null : el("form", { id: "club-leave", onsubmit: (e) => {
      e.preventDefault();
      const date = e.target.date.value;
      change("members/leave", { name, date }, t("club_web_left", { name, date }));
    } },
    el("label", {}, t("club_web_leave_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("button", { type: "submit" }, t("club_web_leave_button"))));
}
