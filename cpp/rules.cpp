#include "rules.hpp"

#include <algorithm>
#include <stdexcept>

namespace sol {

std::string card_text(Card c) {
  static const char kRankChars[] = "A23456789TJQK";
  static const char kSuitChars[] = "CSHD";
  std::string out;
  if (is_face_down(c)) out += '#';
  out += kRankChars[rank_of(c)];
  out += kSuitChars[suit_of(c)];
  if (c & kBack) out += '2';  // two-player games: player 2's deck (docs/notation.md)
  return out;
}

namespace {

char kind_letter(Kind k) {
  switch (k) {
    case Kind::Foundation: return 'f';
    case Kind::Tableau: return 't';
    case Kind::Reserve: return 'r';
    case Kind::Stock: return 's';
    case Kind::Waste: return 'w';
  }
  return '?';
}

bool suits_fit(SuitRule rule, Card below, Card above) {
  switch (rule) {
    case SuitRule::Any: return true;
    case SuitRule::Same: return suit_of(below) == suit_of(above);
    case SuitRule::AlternateColour: return colour_of(below) != colour_of(above);
  }
  return false;
}

std::uint64_t faces_of_ranks(std::uint16_t ranks, int only_suit) {
  std::uint64_t m = 0;
  for (int s = 0; s < kSuits; ++s) {
    if (only_suit >= 0 && s != only_suit) continue;
    for (int r = 0; r < kRanks; ++r)
      if (ranks >> r & 1) m |= std::uint64_t{1} << face(make_card(r, s));
  }
  return m;
}

}  // namespace

Rules::Rules(const RuleSpec& s) : spec(s) {
  if (s.groups.empty()) throw std::invalid_argument("a game needs at least one pile group");
  if (s.deal_count < 1 || s.deal_count > kMaxPileCards)
    throw std::invalid_argument("deal count must be between 1 and 160");
  if (s.redeals < -1) throw std::invalid_argument("redeals must be -1 (unlimited) or more");
  for (int c = 0; c < 128; ++c) {
    if (s.card_counts[c] && !valid_card(c))
      throw std::invalid_argument("card counts name a card that does not exist");
    total_cards += s.card_counts[c];
  }
  if (total_cards > kMaxPileCards)
    throw std::invalid_argument("too many cards for one game");
  std::array<int, 5> per_kind{};
  for (std::size_t g = 0; g < s.groups.size(); ++g) {
    const GroupSpec& gs = s.groups[g];
    if (gs.count < 1) throw std::invalid_argument("a pile group needs at least one pile");
    if (!gs.pile_suits.empty() && static_cast<int>(gs.pile_suits.size()) != gs.count)
      throw std::invalid_argument("pile_suits must give one suit per pile");
    if (gs.max_cards < 0 || gs.max_cards > kMaxPileCards)
      throw std::invalid_argument("max_cards out of range");
    std::array<std::uint64_t, 64> table{};
    for (int below = 0; below < 64; ++below) {
      if ((below & 0x0F) >= kRanks) continue;
      for (int above = 0; above < 64; ++above) {
        if ((above & 0x0F) >= kRanks) continue;
        if ((gs.build[rank_of(below)] >> rank_of(above) & 1) &&
            suits_fit(gs.suit, static_cast<Card>(below), static_cast<Card>(above)))
          table[below] |= std::uint64_t{1} << above;
      }
    }
    on_top.push_back(table);
    for (int i = 0; i < gs.count; ++i) {
      if (piles >= kMaxPiles) throw std::invalid_argument("too many piles");
      const int p = piles++;
      kind[p] = gs.kind;
      group[p] = static_cast<std::uint8_t>(g);
      index_in_kind[p] = static_cast<std::uint8_t>(per_kind[static_cast<int>(gs.kind)]++);
      max_cards[p] = static_cast<std::uint8_t>(gs.max_cards ? gs.max_cards : kMaxPileCards);
      const bool dealing = gs.kind == Kind::Stock || gs.kind == Kind::Waste;
      const bool is_stock = gs.kind == Kind::Stock;
      fill[p] = dealing ? Fill::None : gs.fill;
      runs[p] = gs.runs && gs.kind == Kind::Tableau;
      any_runs |= runs[p];
      gives[p] = gs.can_leave && gs.kind != Kind::Stock;
      const int only_suit = gs.pile_suits.empty() ? -1 : gs.pile_suits[i];
      symmetry_class[p] = static_cast<std::uint8_t>(gs.pile_suits.empty() ? g : 64 + p);
      // The stock never takes a card by hand; the waste does when its group says so (Golf).
      empty_accepts[p] = is_stock ? 0 : faces_of_ranks(gs.empty_ranks, only_suit);
      bool builds = false;
      for (auto m : gs.build) builds |= m != 0;
      takes[p] = !is_stock && (builds || empty_accepts[p] != 0);
      for (int f = 0; f < 64; ++f)
        if (empty_accepts[p] >> f & 1) empty_takers_of[f] |= std::uint64_t{1} << p;
      if (gs.owner < -1 || gs.owner > 1)
        throw std::invalid_argument("a pile's owner is -1 (shared), 0 or 1");
      owner[p] = static_cast<std::int8_t>(gs.owner);
      const int seat = gs.owner < 0 ? 0 : gs.owner;
      if (gs.kind == Kind::Stock) {
        if (stock_of[seat] >= 0) throw std::invalid_argument("one stock per game (per player)");
        stock_of[seat] = p;
      }
      if (gs.kind == Kind::Waste) {
        if (waste_of[seat] >= 0) throw std::invalid_argument("one waste per game (per player)");
        waste_of[seat] = p;
      }
      if (gs.kind == Kind::Tableau) tableau.push_back(p);
      if (gives[p]) givers.push_back(p);
      if (takes[p]) takers.push_back(p);
      if (fill[p] != Fill::None && takes[p]) refilled.push_back(p);
    }
  }
  stock = stock_of[0];  // one-player games: the stock (player 0's in two-player games)
  waste = waste_of[0];
  for (int p = 0; p < piles; ++p) {
    const bool goal = s.win == WinTest::TableauEmpty ? takes[p] && kind[p] != Kind::Tableau
                                                     : kind[p] == Kind::Foundation;
    if (goal) goals.push_back(p);
  }
  // What the safe moves need to know.
  auto closure = [&](int g, std::uint64_t faces) {
    std::uint64_t reach = 0;
    for (std::uint64_t todo = faces; todo;) {
      const int f = ctz64(todo);
      todo &= todo - 1;
      const std::uint64_t next = on_top[g][f] & ~reach;
      reach |= next;
      todo |= next;
    }
    return reach;
  };
  foundation_reach.assign(s.groups.size(), {});
  for (int p = 0; p < piles; ++p) {
    if (kind[p] == Kind::Foundation) {
      foundation_mask |= std::uint64_t{1} << p;
      foundations_give |= gives[p];
      reach_from_empty[p] = empty_accepts[p] | closure(group[p], empty_accepts[p]);
      for (int f = 0; f < 64; ++f) foundation_reach[group[p]][f] = closure(group[p], std::uint64_t{1} << f);
    } else if (takes[p] && max_cards[p] > 1) {
      for (int f = 0; f < 64; ++f) built_on[f] |= on_top[group[p]][f];
    }
  }
  for (int c = 0; c < 128; ++c) face_copies[c & 0x3F] += s.card_counts[c];
  // Where foundation cards may come back, condition (5) of a safe move looks at the other
  // foundations from empty, so whether any face could ever pass it is known now (in Aces
  // and Kings none can: the solver then skips the test in every position).
  // Where they never leave, (5) still rules out every face its own foundation could take
  // again later: in Black Hole and Double or Quits, whose building wraps round, that is all.
  may_have_safe_moves = false;
  if (spec.win == WinTest::FoundationCards) {
    for (std::uint64_t fs = foundation_mask; fs; fs &= fs - 1) {
      const int f = ctz64(fs);
      for (int fc = 0; fc < 64; ++fc) {
        const std::uint64_t bit = std::uint64_t{1} << fc;
        bool elsewhere = !face_copies[fc] || (foundation_reach[group[f]][fc] & bit);
        for (std::uint64_t os = foundation_mask & ~(std::uint64_t{1} << f);
             foundations_give && os && !elsewhere; os &= os - 1)
          elsewhere = reach_from_empty[ctz64(os)] & bit;
        may_have_safe_moves |= !elsewhere;
      }
    }
  }
  // Settled cards (State::settled_faces) need foundation cards that may leave, no pile
  // refilled, and no waste that takes cards by hand; then one home or fixed places.
  bool settling = foundations_give && (waste < 0 || !takes[waste]);
  for (int p = 0; p < piles; ++p) settling &= fill[p] == Fill::None;
  fixed_homes = may_have_safe_moves && settling;
  for (int p = 0; p < piles && fixed_homes; ++p) {
    if (kind[p] != Kind::Foundation) continue;
    fixed_homes = popcount64(empty_accepts[p]) <= 1;
    for (std::uint64_t m = reach_from_empty[p]; m && fixed_homes; m &= m - 1)
      fixed_homes = popcount64(on_top[group[p]][ctz64(m)]) <= 1 && face_copies[ctz64(m)] <= 1;
    for (int o = p + 1; o < piles && fixed_homes; ++o)
      fixed_homes = kind[o] != Kind::Foundation || !(reach_from_empty[p] & reach_from_empty[o]);
  }
  fixed_places = !fixed_homes && settling && spec.win == WinTest::FoundationCards;
  std::array<std::uint64_t, 64> below{};  // the face each face lies on, on any foundation
  std::uint64_t bases = 0;
  for (std::uint64_t fs = foundation_mask; fs && fixed_places; fs &= fs - 1) {
    const int p = ctz64(fs);
    bases |= empty_accepts[p];
    for (std::uint64_t m = reach_from_empty[p]; m && fixed_places; m &= m - 1) {
      const int f = ctz64(m);
      const std::uint64_t next = on_top[group[p]][f];
      fixed_places = popcount64(next) <= 1 && !(foundation_reach[group[p]][f] >> f & 1) && face_copies[f];
      if (next) below[ctz64(next)] |= std::uint64_t{1} << f;
    }
  }
  // Foundations that could start the same chain are interchangeable, so a chain's cards
  // may be thought of as moving between its piles in any order (seeds/solver.md).
  for (std::uint64_t fs = foundation_mask; fs && fixed_places; fs &= fs - 1)
    for (std::uint64_t os = fs & (fs - 1); os && fixed_places; os &= os - 1) {
      const int p = ctz64(fs), o = ctz64(os);
      fixed_places = !(empty_accepts[p] & empty_accepts[o]) ||
                     (empty_accepts[p] == empty_accepts[o] && group[p] == group[o]);
    }
  for (int f = 0; f < 64 && fixed_places; ++f) {
    if (!below[f]) continue;
    const int g = ctz64(below[f]);
    fixed_places = popcount64(below[f]) == 1 && !(bases >> f & 1) && face_copies[f] == face_copies[g] &&
                   (built_on[f] & below[f]);
  }
  may_have_safe_moves |= fixed_places;
  cyclic_talon = s.redeals == -1 && stock >= 0 && waste >= 0 && !takes[waste];
  for (int p = 0; p < piles; ++p) cyclic_talon &= fill[p] == Fill::None;
  for (int p = 0; p < piles; ++p) waste_refills |= fill[p] == Fill::WasteThenStock;
  if (waste >= 0 && s.redeals == 0 && !takes[waste]) final_waste = waste;
  for (int p = 0; p < piles; ++p) {
    const bool waste_stays = kind[p] == Kind::Waste && s.redeals == 0 && !waste_refills;
    key_top_only[p] = !gives[p] && kind[p] != Kind::Stock && (kind[p] != Kind::Waste || waste_stays);
  }
  bool suits_matter = false;
  for (const GroupSpec& gs : s.groups) suits_matter |= gs.suit != SuitRule::Any || !gs.pile_suits.empty();
  key_mask = suits_matter ? 0xFF : static_cast<Card>(0xFF & ~0x30);
  face_class_mask = key_mask & 0x3F;
  std::array<int, 256> alike{};
  for (int c = 0; c < 128; ++c) twins_possible |= (alike[c & key_mask] += s.card_counts[c]) > 1;
  for (int p = 0; p < piles; ++p) {
    std::uint64_t same = 0;
    for (int q = 0; q < piles; ++q)
      if (symmetry_class[q] == symmetry_class[p]) same |= std::uint64_t{1} << q;
    if ((same & (same - 1)) && ctz64(same) == p) symmetric_piles.push_back(same);
  }
  if (cyclic_talon) {
    talon_stock = stock;
    talon_waste = waste;
    for (int c = 0; c < 256; ++c) talon_value[c] = mix64(0x7A10ull << 32 | (c & key_mask));
    talon_power[0] = 1;
    for (int i = 1; i <= kMaxPileCards; ++i) talon_power[i] = talon_power[i - 1] * kTalonMultiplier;
  }
  face_classes = suits_matter ? ~std::uint64_t{0} : std::uint64_t{0xFFFF};
  // The most moves a position could have, so a MoveList can never overflow: every
  // (giver, taker) pair, plus for piles moving runs one move per run length and target. A
  // run is at most 13 cards unless the build relation goes round in a cycle.
  long bound = static_cast<long>(givers.size()) * static_cast<long>(takers.size()) + 1;
  for (int p : givers) {
    if (!runs[p]) continue;
    const GroupSpec& gs = s.groups[group[p]];
    bool cycle = false;
    for (int start = 0; start < kRanks && !cycle; ++start) {
      std::uint16_t reach = gs.build[start];
      for (int step = 0; step < kRanks; ++step) {
        std::uint16_t next = reach;
        for (int r = 0; r < kRanks; ++r)
          if (reach >> r & 1) next |= gs.build[r];
        reach = next;
      }
      cycle = reach >> start & 1;
    }
    long run_takers = 0;
    for (int t : takers) run_takers += runs[t];
    bound += (cycle ? kMaxPileCards : kRanks) * run_takers;
  }
  if (bound > kMaxMoves)
    throw std::invalid_argument("this game could have more than " + std::to_string(kMaxMoves) +
                                " legal moves in one position");
  if (s.win == WinTest::TableauEmpty && tableau.empty())
    throw std::invalid_argument("the win test 'tableau empty' needs tableau piles");
  for (int seat = 0; seat < 2; ++seat)
    if ((stock_of[seat] >= 0) != (waste_of[seat] >= 0))
      throw std::invalid_argument("a stock needs a waste and a waste a stock");
  compile_players(s);
  lazy_talon = cyclic_talon && s.deal_count == 1 && s.win == WinTest::FoundationCards && players == 1;
  // Sound with any number of copies, but measured to pay only with one: with two decks
  // (Double Trigon solo) the depth-first search's quick wins came far later.
  bool one_copy = true;
  for (std::uint8_t copies : s.card_counts) one_copy &= copies <= 1;
  lazy_talon &= one_copy;
  for (int p = 0; p < piles; ++p) {
    lazy_runs[p] = one_copy && runs[p] && max_cards[p] == kMaxPileCards && players == 1 &&
                   s.win == WinTest::FoundationCards;
  }
  lazy_takeback = fixed_homes && cyclic_talon && players == 1;
  compile_pins(one_copy);
  for (int p = 0; p < piles; ++p)
    if (fill[p] != Fill::None && stock < 0)
      throw std::invalid_argument("a pile that refills itself needs a stock");
  compile_pairs();
}

void Rules::compile_players(const RuleSpec& s) {
  for (int p = 0; p < piles; ++p) players = std::max(players, owner[p] + 1);
  if (players == 1) {
    if (stock_of[1] >= 0) throw std::invalid_argument("a second stock needs piles with owners");
    if (s.draw_only_when_stuck) throw std::invalid_argument("draw_only_when_stuck is for two-player games");
    givers_of[0] = givers;
    for (int c = 0; c < 128; ++c) cards_of[0] += s.card_counts[c];
    return;
  }
  // What the two-player turn rules (State) rely on; refills, counted redeals and shared
  // piles that give cards would each need more of them.
  for (int seat = 0; seat < 2; ++seat)
    if (stock_of[seat] < 0 || owner[stock_of[seat]] != seat || owner[waste_of[seat]] != seat)
      throw std::invalid_argument("in a two-player game each player has their own stock and waste");
  if (s.redeals > 0) throw std::invalid_argument("a two-player game has no redeals (0) or unlimited (-1)");
  for (int p = 0; p < piles; ++p) {
    if (fill[p] != Fill::None) throw std::invalid_argument("two-player games have no refilling piles");
    if (owner[p] < 0 && gives[p])
      throw std::invalid_argument("in a two-player game no card may leave a shared pile");
  }
  for (int seat = 0; seat < 2; ++seat) {
    reach_of[seat] = 0;
    for (int p = 0; p < piles; ++p)
      if (owner[p] < 0 || owner[p] == seat) reach_of[seat] |= std::uint64_t{1} << p;
    for (int p : givers)
      if (owner[p] == seat) givers_of[seat].push_back(p);
  }
  // A card's back says whose deck it is from.
  for (int c = 0; c < 128; ++c) cards_of[(c & kBack) ? 1 : 0] += s.card_counts[c];
}

std::string Rules::pile_name(int p) const {
  const Kind k = kind[p];
  if ((k == Kind::Stock || k == Kind::Waste) && players == 2)
    return kind_letter(k) + std::to_string(owner[p] + 1);
  if (k == Kind::Stock || k == Kind::Waste) return std::string(1, kind_letter(k));
  return kind_letter(k) + std::to_string(index_in_kind[p] + 1);
}

int Rules::pile_by_name(const std::string& name) const {
  for (int p = 0; p < piles; ++p)
    if (pile_name(p) == name) return p;
  return -1;
}

void Rules::compile_pins(bool one_copy) {
  pins_prove_losses = players == 1 && one_copy && spec.win == WinTest::FoundationCards &&
                      spec.win_foundation_cards == total_cards && (waste < 0 || !takes[waste]);
  for (int p = 0; p < piles; ++p) pins_prove_losses &= fill[p] == Fill::None;
  std::uint64_t homed = 0;
  for (std::uint64_t fs = foundation_mask; fs && pins_prove_losses; fs &= fs - 1) {
    const int p = ctz64(fs);
    if (popcount64(empty_accepts[p]) != 1) {
      pins_prove_losses = false;
      break;
    }
    std::uint64_t chain = 0;
    for (int f = ctz64(empty_accepts[p]);;) {
      if (homed >> f & 1) {  // a card with two homes, or a chain that wraps round
        pins_prove_losses = false;
        break;
      }
      home_below[f] = chain;
      chain |= std::uint64_t{1} << f;
      homed |= std::uint64_t{1} << f;
      const std::uint64_t next = on_top[group[p]][f];
      if (popcount64(next) > 1) pins_prove_losses = false;
      if (popcount64(next) != 1) break;
      f = ctz64(next);
    }
    for (std::uint64_t m = chain; m; m &= m - 1) {
      const int f = ctz64(m);
      home_above[f] = chain & ~home_below[f] & ~(std::uint64_t{1} << f);
    }
  }
  for (int f = 0; f < 64 && pins_prove_losses; ++f) pins_prove_losses = !face_copies[f] || (homed >> f & 1);
  if (!pins_prove_losses) return;
  pinned_faces = homed;
  for (std::uint64_t ys = homed; ys; ys &= ys - 1) {
    const int y = ctz64(ys);
    for (std::uint64_t m = built_on[y]; m; m &= m - 1) parents_of[ctz64(m)] |= std::uint64_t{1} << y;
  }
  for (int p = 0; p < piles; ++p)
    if (kind[p] != Kind::Foundation && takes[p]) laid_in_empty |= empty_accepts[p];
  crowds_by_class = true;
  for (std::uint64_t ys = homed; ys; ys &= ys - 1) {
    const int y = ctz64(ys);
    for (std::uint64_t zs = homed; zs; zs &= zs - 1) {
      const int z = ctz64(zs);
      if (parents_of[y] == parents_of[z]) same_parents[y] |= std::uint64_t{1} << z;
      else if (parents_of[y] & parents_of[z]) crowds_by_class = false;
    }
  }
  for (std::uint64_t ys = homed; ys; ys &= ys - 1) {
    const int y = ctz64(ys);
    if (popcount64(same_parents[y]) > popcount64(parents_of[y])) overfull |= std::uint64_t{1} << y;
  }
}

}  // namespace sol
