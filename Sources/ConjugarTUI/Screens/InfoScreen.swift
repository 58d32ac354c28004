import ConjugarCore
import ConjugarEngine
import SettingsClient
import TerminalClient

/// 3 Info: the tenses with an article, and the article chosen.
struct InfoScreen: Screen {
  let articles: [TenseArticle]
  private(set) var selection = 0
  private(set) var listOffset = 0
  /// The article being read, if one is open.
  private(set) var article: TenseArticle?
  private(set) var offset = 0
  /// Whether Esc on the article goes back to the verb it was opened from.
  private(set) var returnsToVerb = false

  init(articles: [TenseArticle]) { self.articles = articles }

  /// Opens the article on `tense`, if there is one.
  mutating func open(_ tense: Tense, fromVerb: Bool) -> Bool {
    guard let index = articles.firstIndex(where: { $0.tense == tense }) else { return false }
    selection = index
    article = articles[index]
    offset = 0
    returnsToVerb = fromVerb
    return true
  }

  var name: String { article == nil ? "info" : "article" }
  var helpTitle: String { article == nil ? "the tenses" : "an article" }
  var isTyping: Bool { false }
  var hints: [KeyHint] {
    article == nil
      ? [KeyHint("Enter", "read"), KeyHint("↑↓", "move")]
      : [KeyHint("Esc", "back"), KeyHint("↑↓", "scroll")]
  }
  var help: [KeyHint] {
    article == nil
      ? [KeyHint("↑ ↓  k j", "move"), KeyHint("Enter", "read the article on the tense")]
      : scrollHelp + [KeyHint("Esc", returnsToVerb ? "back to the verb" : "back to the tenses")]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    if let article {
      if key == .escape {
        self.article = nil
        return returnsToVerb ? .back : nil
      }
      let count = lines(article, width: area.width).count
      if let scrolled = scrolled(offset, by: key, count: count, height: area.height) { offset = scrolled }
      return nil
    }
    let height = max(0, area.height - 2)
    if key == .enter, !articles.isEmpty {
      _ = open(articles[selection].tense, fromVerb: false)
    } else if let moved = moved(selection, by: key, count: articles.count, height: height) {
      selection = moved
      listOffset = scrollOffset(listOffset, showing: selection, count: articles.count, height: height)
    }
    return nil
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    if let article {
      let lines = lines(article, width: area.width)
      frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: area.height), in: area)
      return
    }
    frame.write(" The tenses, an article on each", row: area.top, column: area.left, style: .dim, limit: area.right)
    let list = Area(top: area.top + 2, left: area.left, width: area.width, height: max(0, area.height - 2))
    guard !articles.isEmpty else {
      frame.write(" No articles yet.", row: list.top, column: list.left, limit: list.right)
      return
    }
    let offset = scrollOffset(listOffset, showing: selection, count: articles.count, height: list.height)
    // The English names go beside the Spanish ones when both fit.
    let nameWidth = 2 + (articles.map(\.tense.spanishName.count).max() ?? 0)
    let english = list.width >= nameWidth + 16
    for row in 0..<list.height where offset + row < articles.count {
      let tense = articles[offset + row].tense
      let y = list.top + row
      frame.write(" " + truncated(tense.spanishName, to: list.width - 2), row: y, column: list.left, limit: list.right)
      if english {
        frame.write(tense.englishName, row: y, column: list.left + nameWidth, style: .dim, limit: list.right)
      }
      if offset + row == selection { frame.paint(row: y, from: list.left, to: list.right, style: .selected) }
    }
  }

  /// The article, wrapped to the width.
  func lines(_ article: TenseArticle, width: Int) -> [Line] {
    let tense = article.tense
    let text = max(1, width - 3)
    func paragraphs(_ string: String) -> [Line] { wrapped(string, width: text).map { Line("  " + $0) } }
    // Every line ends before the last column, where the scroll marks go.
    var lines = wrapped(tense.spanishName, width: width - 2).map { Line(" " + $0, .heading) }
    lines += wrapped(tense.englishName + ", \(tense.mood.rawValue)", width: width - 2).map { Line(" " + $0, .dim) }
    lines += [Line(), Line(" What it says", .heading)] + paragraphs(article.uses)
    lines += [Line(), Line(" How it is formed", .heading)] + paragraphs(article.formation)
    if !article.examples.isEmpty {
      lines += [Line(), Line(" Examples", .heading)]
      for example in article.examples {
        lines += wrapped(example.spanish, width: text).map { Line("  " + $0) }
        lines += wrapped(example.english, width: text - 2).map { Line("    " + $0, .dim) }
      }
    }
    return lines
  }
}
