// The full-screen terminal front end (issue 4).
