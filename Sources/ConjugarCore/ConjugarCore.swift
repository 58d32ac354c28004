// The app core: the World and its dependeffects (issue 3).
